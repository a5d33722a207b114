import { HStack, Progress, Text } from '@chakra-ui/react';

export type ProgressBarProps = {
  /** Visible label; also the progress bar's accessible name. */
  label: string;
  value: number;
  max: number;
  /** Visible and announced value, e.g. "1,2 MB de 4 MB". */
  valueText: string;
  colorPalette?: string;
};

/** A labelled determinate bar: the track is the progressbar, named by the label, valued in words. */
export function ProgressBar({ label, value, max, valueText, colorPalette }: ProgressBarProps) {
  const safeMax = max > 0 ? max : 1;
  return (
    <Progress.Root value={Math.min(Math.max(0, value), safeMax)} max={safeMax} size="sm" colorPalette={colorPalette}>
      <HStack justify="space-between" gap="2" mb="1" wrap="wrap">
        <Progress.Label textStyle="sm" fontWeight="medium" minW="0" wordBreak="break-word">
          {label}
        </Progress.Label>
        <Text textStyle="sm" color="fg.muted">
          {valueText}
        </Text>
      </HStack>
      <Progress.Track aria-label={label} aria-valuetext={valueText}>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}
