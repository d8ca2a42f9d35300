import { useMemo } from 'react';
import { useTranslation } from '@/lib/i18n-react';

/**
 * One number format per language, made on first use: a page's first Intl.NumberFormat loads the
 * language's number data, which showed in My Animal's first render even without weights.
 */
const formats = new Map<string, Intl.NumberFormat>();

function formatOf(language: string): Intl.NumberFormat {
  let format = formats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
    formats.set(language, format);
  }
  return format;
}

export interface WeightFormat {
  /** The number as the language writes it, at most two decimals: "4,25" (de), "4.25" (en). */
  number: (kg: number) => string;
  /** The same with its unit: "4,25 kg". */
  withUnit: (kg: number) => string;
}

/** Weights in the current language (the weights list, its dialogs and the weight chart). */
export function useWeightFormat(): WeightFormat {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(
    () => ({
      number: (kg) => formatOf(language).format(kg),
      withUnit: (kg) => `${formatOf(language).format(kg)} kg`,
    }),
    [language],
  );
}
