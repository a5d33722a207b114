import { NativeSelect } from '@chakra-ui/react';
import { FieldFrame, useFieldDescription, type FieldChromeProps } from '../../../ui/text-field.tsx';

export type SelectFieldProps = FieldChromeProps & {
  options: ReadonlyArray<{ value: string; label: string }>;
  /** '' for the empty first choice. */
  value: string;
  onValueChange: (value: string) => void;
  /** The empty first choice; without it a value is always chosen. */
  placeholder?: string;
  disabled?: boolean;
};

/** A short fixed list as the browser's own select: the best picker on phones, and keyboard-native. */
export function SelectField({
  label,
  error,
  helperText,
  required,
  options,
  value,
  onValueChange,
  placeholder,
  disabled,
}: SelectFieldProps) {
  const { ids, describedBy } = useFieldDescription({ error, helperText });
  return (
    <FieldFrame label={label} error={error} helperText={helperText} required={required} ids={ids}>
      <NativeSelect.Root disabled={disabled}>
        <NativeSelect.Field value={value} aria-describedby={describedBy} onChange={(event) => onValueChange(event.target.value)}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FieldFrame>
  );
}
