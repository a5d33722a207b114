import { Alert } from '@chakra-ui/react';
import type { ReactNode, Ref } from 'react';

type ServerAlertProps = {
  status: 'error' | 'success';
  children: ReactNode;
  ref?: Ref<HTMLDivElement>;
};

/**
 * A message from the server, shown as is. Errors interrupt (role=alert); successes are announced
 * politely and take focus so keyboard users land on the result of what they just did.
 */
export function ServerAlert({ status, children, ref }: ServerAlertProps) {
  return (
    <Alert.Root ref={ref} status={status} role={status === 'error' ? 'alert' : 'status'} tabIndex={-1} _focusVisible={{ outline: 'none' }}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{children}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
