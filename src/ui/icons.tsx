import { Icon, type IconProps } from '@chakra-ui/react';

/**
 * Icons take the size of the surrounding text (1em) unless the caller sets one: the recipe's
 * default gives a bare svg no size, and in an absolutely positioned slot it collapses to 0 px.
 */
const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

export function EyeIcon(props: IconProps) {
  return (
    <Icon boxSize="1em" {...props}>
      <svg viewBox="0 0 24 24" {...stroke}>
        <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
        <circle cx="12" cy="12" r="3" />
      </svg>
    </Icon>
  );
}

export function EyeOffIcon(props: IconProps) {
  return (
    <Icon boxSize="1em" {...props}>
      <svg viewBox="0 0 24 24" {...stroke}>
        <path d="M10.6 5.1A10.9 10.9 0 0 1 12 5c6.4 0 10 7 10 7a17.6 17.6 0 0 1-2.7 3.6" />
        <path d="M6.6 6.6A17.4 17.4 0 0 0 2 12s3.6 7 10 7a9.7 9.7 0 0 0 5.4-1.6" />
        <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
        <path d="m2 2 20 20" />
      </svg>
    </Icon>
  );
}

export function SearchIcon(props: IconProps) {
  return (
    <Icon boxSize="1em" {...props}>
      <svg viewBox="0 0 24 24" {...stroke}>
        <circle cx="11" cy="11" r="7" />
        <path d="m20 20-3.5-3.5" />
      </svg>
    </Icon>
  );
}

export function LogoutIcon(props: IconProps) {
  return (
    <Icon boxSize="1em" {...props}>
      <svg viewBox="0 0 24 24" {...stroke}>
        <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />
        <path d="m16 17 5-5-5-5" />
        <path d="M21 12H9" />
      </svg>
    </Icon>
  );
}

export function MenuIcon(props: IconProps) {
  return (
    <Icon boxSize="1em" {...props}>
      <svg viewBox="0 0 24 24" {...stroke}>
        <path d="M4 6h16M4 12h16M4 18h16" />
      </svg>
    </Icon>
  );
}

export function ChevronDownIcon(props: IconProps) {
  return (
    <Icon boxSize="1em" {...props}>
      <svg viewBox="0 0 24 24" {...stroke}>
        <path d="m6 9 6 6 6-6" />
      </svg>
    </Icon>
  );
}

export function CheckCircleIcon(props: IconProps) {
  return (
    <Icon boxSize="1em" {...props}>
      <svg viewBox="0 0 24 24" {...stroke}>
        <circle cx="12" cy="12" r="10" />
        <path d="m8 12 3 3 5-6" />
      </svg>
    </Icon>
  );
}

export function CancelCircleIcon(props: IconProps) {
  return (
    <Icon boxSize="1em" {...props}>
      <svg viewBox="0 0 24 24" {...stroke}>
        <circle cx="12" cy="12" r="10" />
        <path d="m15 9-6 6M9 9l6 6" />
      </svg>
    </Icon>
  );
}
