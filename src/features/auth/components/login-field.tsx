import { TextField } from '../../../ui/text-field.tsx';

type LoginFieldProps = { name: string; value: string; onValueChange: (value: string) => void; error?: string };

/** "E-mail ou CPF": the account identifier of the login and password-link screens. */
export function LoginField(props: LoginFieldProps) {
  return (
    <TextField
      label="E-mail ou CPF"
      autoComplete="username"
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      required
      {...props}
    />
  );
}
