import { Button } from '@chakra-ui/react';

type MarkAllButtonsProps = {
  /** Completes the buttons' accessible names: "Marcar todos {what}" ("em Menu", "os relatórios"). */
  what: string;
  marked: number;
  total: number;
  disabled: boolean;
  /** true marks every item, false unmarks every one. */
  onMarkAll: (on: boolean) => void;
};

/** Marcar todos / Desmarcar todos over a list of checkboxes; each is off when it would change nothing. */
export function MarkAllButtons({ what, marked, total, disabled, onMarkAll }: MarkAllButtonsProps) {
  return (
    <>
      <Button
        type="button"
        size="xs"
        variant="outline"
        aria-label={`Marcar todos ${what}`}
        disabled={disabled || marked === total}
        onClick={() => onMarkAll(true)}
      >
        Marcar todos
      </Button>
      <Button
        type="button"
        size="xs"
        variant="outline"
        aria-label={`Desmarcar todos ${what}`}
        disabled={disabled || marked === 0}
        onClick={() => onMarkAll(false)}
      >
        Desmarcar todos
      </Button>
    </>
  );
}
