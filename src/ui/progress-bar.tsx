import { createSlotRecipeContext, HStack, Text, type HTMLChakraProps } from '@chakra-ui/react';

export type ProgressBarProps = {
  /** Visible label; also the progress bar's accessible name. */
  label: string;
  value: number;
  max: number;
  /** Visible and announced value, e.g. "1,2 MB de 4 MB". */
  valueText: string;
  colorPalette?: string;
};

/**
 * The bar's parts, styled by Chakra's progress recipe. Chakra's own Progress runs Zag's progress
 * machine (2 KB brotli) to compute a percentage and three ARIA attributes; every form with an
 * attachment downloaded it before its fields could be used (issue 32).
 */
const { withProvider, withContext } = createSlotRecipeContext({ key: 'progress' });
const ProgressRoot = withProvider<HTMLDivElement, HTMLChakraProps<'div'> & { size?: 'sm'; colorPalette?: string }>('div', 'root');
const ProgressLabel = withContext<HTMLSpanElement, HTMLChakraProps<'span'>>('span', 'label');
const ProgressTrack = withContext<HTMLDivElement, HTMLChakraProps<'div'>>('div', 'track');
const ProgressRange = withContext<HTMLDivElement, HTMLChakraProps<'div'>>('div', 'range');

/** A labelled determinate bar: the track is the progressbar, named by the label, valued in words. */
export function ProgressBar({ label, value, max, valueText, colorPalette }: ProgressBarProps) {
  const safeMax = max > 0 ? max : 1;
  const clamped = Math.min(Math.max(0, value), safeMax);
  const state = clamped >= safeMax ? 'complete' : 'loading';
  return (
    <ProgressRoot size="sm" colorPalette={colorPalette} data-state={state}>
      <HStack justify="space-between" gap="2" mb="1" wrap="wrap">
        <ProgressLabel textStyle="sm" fontWeight="medium" minW="0" wordBreak="break-word">
          {label}
        </ProgressLabel>
        <Text textStyle="sm" color="fg.muted">
          {valueText}
        </Text>
      </HStack>
      <ProgressTrack
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={safeMax}
        aria-valuenow={clamped}
        aria-valuetext={valueText}
        data-state={state}
      >
        <ProgressRange data-state={state} style={{ width: `${(clamped / safeMax) * 100}%` }} />
      </ProgressTrack>
    </ProgressRoot>
  );
}
