/** The resend deadline as the rejected tab shows it: DD/MM/AAAA às 23:59 (São Paulo time, spec §5). */
export function deadlineText(prazoReenvio: string): string {
  const [y, m, d] = prazoReenvio.split('-');
  return `${d}/${m}/${y} às 23:59`;
}
