import { IconButton, Input, InputGroup } from '@chakra-ui/react';
import { useState } from 'react';
import { EyeIcon, EyeOffIcon } from './icons.tsx';
import { FieldFrame, useFieldDescription, type TextFieldProps } from './text-field.tsx';

export type PasswordFieldProps = Omit<TextFieldProps, 'type'> & {
  autoComplete: 'current-password' | 'new-password';
};

/** A password input with a show/hide toggle that keeps its name and reports its state with aria-pressed. */
export function PasswordField({ label, error, helperText, required, value, onValueChange, ref, ...inputProps }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const { ids, describedBy } = useFieldDescription({ error, helperText });
  return (
    <FieldFrame label={label} error={error} helperText={helperText} required={required} ids={ids}>
      <InputGroup
        endElement={
          <IconButton
            variant="ghost"
            colorPalette="gray"
            size="sm"
            me="-2"
            aria-label="Mostrar senha"
            aria-pressed={visible}
            title={visible ? 'Ocultar senha' : 'Mostrar senha'}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? <EyeOffIcon /> : <EyeIcon />}
          </IconButton>
        }
      >
        <Input
          ref={ref}
          type={visible ? 'text' : 'password'}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          aria-describedby={describedBy}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          {...inputProps}
        />
      </InputGroup>
    </FieldFrame>
  );
}
