import { NativeSelect } from '@chakra-ui/react';
import { FieldFrame, useFieldDescription, type FieldChromeProps } from './text-field.tsx';

export type SelectFieldProps<V extends string> = FieldChromeProps & {
  options: ReadonlyArray<{ value: V; label: string }>;
  /** '' for the empty first choice. */
  value: V | '';
  /** A value outside the options reads as the empty choice. */
  onValueChange: (value: V | '') => void;
  /** The empty first choice; without it a value is always chosen. */
  placeholder?: string;
  name?: string;
  disabled?: boolean;
};

/** A short fixed list as the browser's own select: the best picker on phones, and keyboard-native. */
export function SelectField<V extends string>({
  label,
  error,
  helperText,
  required,
  options,
  value,
  onValueChange,
  placeholder,
  name,
  disabled,
}: SelectFieldProps<V>) {
  const { ids, describedBy } = useFieldDescription({ error, helperText });
  return (
    <FieldFrame label={label} error={error} helperText={helperText} required={required} ids={ids}>
      <NativeSelect.Root disabled={disabled}>
        <NativeSelect.Field
          name={name}
          value={value}
          aria-describedby={describedBy}
          onChange={(event) => onValueChange(options.find((o) => o.value === event.target.value)?.value ?? '')}
        >
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
