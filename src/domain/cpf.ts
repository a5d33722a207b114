/** CPF helpers (spec §5: the check-digit validation exists but member save does not enforce it). */
export function onlyDigits(value: string): string {
  return value.replace(/\D/g, '');
}

export function cpfCheckDigits(firstNine: string): string {
  const digits = firstNine.split('').map(Number);
  const dv = (list: number[]) => {
    const sum = list.reduce((acc, d, i) => acc + d * (list.length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const d1 = dv(digits);
  const d2 = dv([...digits, d1]);
  return `${d1}${d2}`;
}

export function isValidCpf(value: string): boolean {
  const cpf = onlyDigits(value);
  if (cpf.length !== 11 || /^(\d)\1{10}$/.test(cpf)) return false;
  return cpfCheckDigits(cpf.slice(0, 9)) === cpf.slice(9);
}

export function formatCpf(value: string): string {
  const d = onlyDigits(value).slice(0, 11);
  return d
    .replace(/^(\d{3})(\d)/, '$1.$2')
    .replace(/^(\d{3})\.(\d{3})(\d)/, '$1.$2.$3')
    .replace(/\.(\d{3})(\d)/, '.$1-$2');
}
