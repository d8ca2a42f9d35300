import { useMemo } from 'react';
import Box from '@mui/material/Box';
import { useColorScheme, useTheme, type Theme } from '@mui/material/styles';
import { LineChart } from '@mui/x-charts/LineChart';
import { ChartsReferenceLine } from '@mui/x-charts/ChartsReferenceLine';
import { format } from 'date-fns';
import { parseDdMmYyyy, type WeightEntry } from '@pet/contract';
import { formatDate } from '@/lib/dates';
import { useWeightFormat } from '@/features/pets/weight-format';

/**
 * The weight history over time (pet-data issue: a charting library, readable in both themes and
 * on a phone). Loaded on demand, so @mui/x-charts ships only with My Animal.
 */
/** A target band in kg (care plans, issue 36). */
export interface WeightBand {
  min: number;
  max: number;
  /** Its label on the chart, translated by the caller. */
  label: string;
}

export default function WeightChart({
  weights,
  title,
  band = null,
}: {
  weights: readonly WeightEntry[];
  title: string;
  band?: WeightBand | null;
}) {
  const theme = useTheme();
  const { colorScheme } = useColorScheme();
  const scheme = colorScheme === 'dark' ? 'dark' : 'light';
  // SVG strokes need a real colour (not a CSS variable): the accent of the scheme on screen.
  const schemes = (theme as Theme & { colorSchemes?: Record<string, { palette: Theme['palette'] }> })
    .colorSchemes;
  const color = schemes?.[scheme]?.palette.primary.main ?? theme.palette.primary.main;
  const successColor = schemes?.[scheme]?.palette.success.main ?? theme.palette.success.main;
  const weight = useWeightFormat();

  // Oldest first along the time axis; entries of one day keep their order.
  const points = useMemo(
    () =>
      weights
        .map((entry) => ({ date: parseDdMmYyyy(entry.date), weight: entry.weight }))
        .filter((point): point is { date: Date; weight: number } => point.date !== null)
        .sort((a, b) => a.date.getTime() - b.date.getTime()),
    [weights],
  );

  return (
    <Box
      role="figure"
      aria-label={title}
      data-testid="weight-chart"
      sx={{
        width: '100%',
        '& .MuiChartsAxis-tickLabel, & .MuiChartsAxis-label': { fill: theme.vars?.palette.text.secondary },
        '& .MuiChartsAxis-line, & .MuiChartsAxis-tick': { stroke: theme.vars?.palette.divider },
        '& .MuiChartsGrid-line': { stroke: theme.vars?.palette.divider },
      }}
    >
      <LineChart
        height={240}
        hideLegend
        grid={{ horizontal: true }}
        // Room on the right for the last date's label, which is centred on the newest point.
        margin={{ left: 4, right: 28, top: 16, bottom: 4 }}
        xAxis={[
          {
            scaleType: 'time',
            data: points.map((point) => point.date),
            valueFormatter: (value: Date, context) =>
              context.location === 'tick' ? format(value, 'dd.MM.yy') : formatDate(value),
            tickMinStep: 24 * 3600 * 1000,
            tickNumber: 4,
          },
        ]}
        yAxis={[
          {
            label: 'kg',
            // The band stays in view even when every weight lies outside it.
            ...(band
              ? {
                  min: Math.min(band.min, ...points.map((point) => point.weight)) * 0.95,
                  max: Math.max(band.max, ...points.map((point) => point.weight)) * 1.05,
                }
              : {}),
            width: 56,
            valueFormatter: (value: number) => weight.number(value),
          },
        ]}
        series={[
          {
            data: points.map((point) => point.weight),
            label: title,
            color,
            curve: 'monotoneX',
            showMark: true,
            valueFormatter: (value) => (value === null ? '' : weight.withUnit(value)),
          },
        ]}
      >
        {band ? (
          <>
            <ChartsReferenceLine
              y={band.min}
              lineStyle={{ stroke: successColor, strokeDasharray: '6 4' }}
              labelStyle={{ fill: successColor, fontSize: 11 }}
              labelAlign="start"
            />
            <ChartsReferenceLine
              y={band.max}
              label={band.label}
              lineStyle={{ stroke: successColor, strokeDasharray: '6 4' }}
              labelStyle={{ fill: successColor, fontSize: 11 }}
              labelAlign="start"
            />
          </>
        ) : null}
      </LineChart>
      {band ? (
        <Box component="p" sx={{ m: 0, mt: 0.5, typography: 'caption', color: 'text.secondary' }}>
          {band.label}
        </Box>
      ) : null}
    </Box>
  );
}
