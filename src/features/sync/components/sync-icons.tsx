import { Icon, type IconProps } from '@chakra-ui/react';

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

/** Two arrows in a circle: the queue is being sent (spins while it is). */
export function SyncIcon(props: IconProps) {
  return (
    <Icon boxSize="1em" aria-hidden="true" {...props}>
      <svg viewBox="0 0 24 24" {...stroke}>
        <path d="M21 12a9 9 0 0 1-15.5 6.2L3 16" />
        <path d="M3 21v-5h5" />
        <path d="M3 12a9 9 0 0 1 15.5-6.2L21 8" />
        <path d="M21 3v5h-5" />
      </svg>
    </Icon>
  );
}

export function CloudIcon(props: IconProps) {
  return (
    <Icon boxSize="1em" aria-hidden="true" {...props}>
      <svg viewBox="0 0 24 24" {...stroke}>
        <path d="M17.5 19H9a7 7 0 1 1 6.7-9h1.8a4.5 4.5 0 1 1 0 9Z" />
      </svg>
    </Icon>
  );
}

export function CloudOffIcon(props: IconProps) {
  return (
    <Icon boxSize="1em" aria-hidden="true" {...props}>
      <svg viewBox="0 0 24 24" {...stroke}>
        <path d="m2 2 20 20" />
        <path d="M5.8 5.8A7 7 0 0 0 9 19h8.5a4.5 4.5 0 0 0 1.3-.2" />
        <path d="M21.5 15.5A4.5 4.5 0 0 0 17.5 10h-1.8A7 7 0 0 0 10 5.1" />
      </svg>
    </Icon>
  );
}

export function AlertIcon(props: IconProps) {
  return (
    <Icon boxSize="1em" aria-hidden="true" {...props}>
      <svg viewBox="0 0 24 24" {...stroke}>
        <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
        <path d="M12 9v4" />
        <path d="M12 17h.01" />
      </svg>
    </Icon>
  );
}
