import { Field, Input, Textarea, type InputProps } from '@chakra-ui/react';
import { useId, type ReactNode, type Ref } from 'react';

export type FieldChromeProps = {
  label: string;
  /** Shown under the field, announced with it and marking it invalid. */
  error?: string | undefined;
  helperText?: ReactNode;
  required?: boolean;
};

/**
 * Ids for a field's helper and error texts. Ark only links the helper text through
 * aria-describedby (the error goes to aria-errormessage, which few screen readers announce), so
 * the control lists both itself.
 */
export function useFieldDescription({ error, helperText }: Pick<FieldChromeProps, 'error' | 'helperText'>) {
  const id = useId();
  const ids = { errorText: `${id}-error`, helperText: `${id}-helper` };
  const describedBy = [helperText ? ids.helperText : null, error ? ids.errorText : null].filter(Boolean).join(' ');
  return { ids, describedBy: describedBy || undefined };
}

type FieldFrameProps = FieldChromeProps & { ids: { errorText: string; helperText: string }; children: ReactNode };

export function FieldFrame({ label, error, helperText, required, ids, children }: FieldFrameProps) {
  return (
    <Field.Root invalid={Boolean(error)} required={required} ids={ids}>
      {/* No visual asterisk: it would become part of the label text, and these forms mark optional fields instead. */}
      <Field.Label>{label}</Field.Label>
      {children}
      {helperText && <Field.HelperText>{helperText}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

export type TextFieldProps = FieldChromeProps &
  Omit<InputProps, 'value' | 'onChange' | 'required'> & {
    value: string;
    onValueChange: (value: string) => void;
    ref?: Ref<HTMLInputElement>;
  };

export type FramedInputProps = FieldChromeProps & Omit<InputProps, 'required'> & { ref?: Ref<HTMLInputElement> };

/**
 * A Chakra Input in the field chrome (label, helper and error texts, described by both): the one
 * frame of the text, masked and money fields, which differ only in how they wire the value.
 */
export function FramedInput({ label, error, helperText, required, ref, ...inputProps }: FramedInputProps) {
  const { ids, describedBy } = useFieldDescription({ error, helperText });
  return (
    <FieldFrame label={label} error={error} helperText={helperText} required={required} ids={ids}>
      <Input ref={ref} aria-describedby={describedBy} {...inputProps} />
    </FieldFrame>
  );
}

export function TextField({ value, onValueChange, ...props }: TextFieldProps) {
  return <FramedInput value={value} onChange={(event) => onValueChange(event.target.value)} {...props} />;
}

export type TextAreaFieldProps = Omit<FieldChromeProps, 'helperText'> & {
  name?: string;
  value: string;
  onValueChange: (value: string) => void;
  maxLength: number;
};

/** Several lines of text, with their length counted against the limit as they are typed. */
export function TextAreaField({ label, error, required, name, value, onValueChange, maxLength }: TextAreaFieldProps) {
  const helperText = `${value.length} de ${maxLength} caracteres`;
  const { ids, describedBy } = useFieldDescription({ error, helperText });
  return (
    <FieldFrame label={label} error={error} helperText={helperText} required={required} ids={ids}>
      <Textarea
        name={name}
        rows={4}
        autoresize
        maxH="16rem"
        maxLength={maxLength}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-describedby={describedBy}
      />
    </FieldFrame>
  );
}
