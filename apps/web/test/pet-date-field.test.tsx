import { act, render, screen } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { describe, expect, it, vi } from 'vitest';
import { PetDateField } from '@/features/pets/components/PetDateField';
import { I18nProvider } from '@/lib/i18n-react';
import { createI18n } from '@/lib/i18n';
import { createAppTheme } from '@/lib/theme';

describe('pet date field', () => {
  it('stays a read-only field until the user turns to it, then becomes the picker and keeps the focus', async () => {
    const onChange = vi.fn();
    render(
      <I18nProvider i18n={createI18n('en')}>
        <ThemeProvider theme={createAppTheme()}>
          <PetDateField label="Date of birth" value="12.05.2020" onChange={onChange} error helperText="Bad" />
        </ThemeProvider>
      </I18nProvider>,
    );

    // The picker's code is not fetched for a visit that only looks: the field shows the same
    // label, value and error, read-only.
    const placeholder = screen.getByRole('textbox', { name: 'Date of birth' });
    expect(placeholder).toHaveValue('12.05.2020');
    expect(placeholder).toHaveAttribute('readonly');
    expect(placeholder).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Bad')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(screen.queryByRole('group', { name: 'Date of birth' })).not.toBeInTheDocument();

    // Focusing it fetches the picker, which takes its place as sections of the same date, with
    // the focus.
    act(() => placeholder.focus());
    const group = await screen.findByRole('group', { name: 'Date of birth' });
    expect(screen.queryByRole('textbox', { name: 'Date of birth' })).not.toBeInTheDocument();
    expect(group.querySelector('input')).toHaveValue('12.05.2020');
    expect(group.contains(document.activeElement)).toBe(true);
    expect(screen.getByText('Bad')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('is the picker at once once the picker has been loaded', () => {
    render(
      <I18nProvider i18n={createI18n('en')}>
        <ThemeProvider theme={createAppTheme()}>
          <PetDateField label="Date of weighing" value="" onChange={() => {}} />
        </ThemeProvider>
      </I18nProvider>,
    );
    expect(screen.getByRole('group', { name: 'Date of weighing' })).toBeInTheDocument();
  });
});
