import { PASSWORD_MIN } from '../domain/session.ts';
import { PasswordField } from './password-field.tsx';

type Field = { name: string; value: string; onValueChange: (value: string) => void; error?: string };

/** "Nova senha" and "Confirmar senha", with a hidden username so password managers file the new password. */
export function NewPasswordFields({ email, senha, confirmacao }: { email: string; senha: Field; confirmacao: Field }) {
  return (
    <>
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <PasswordField
        label="Nova senha"
        autoComplete="new-password"
        required
        helperText={`Mínimo de ${PASSWORD_MIN} caracteres.`}
        {...senha}
      />
      <PasswordField label="Confirmar senha" autoComplete="new-password" required {...confirmacao} />
    </>
  );
}
