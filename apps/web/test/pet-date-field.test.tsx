import { render, screen } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { describe, expect, it, vi } from 'vitest';
import { PetDateField } from '@/features/pets/components/PetDateField';
import { I18nProvider } from '@/lib/i18n-react';
import { createI18n } from '@/lib/i18n';
import { createAppTheme } from '@/lib/theme';

describe('pet date field', () => {
  it('shows its value read-only while the picker loads, then the picker with the same value', async () => {
    const onChange = vi.fn();
    render(
      <I18nProvider i18n={createI18n('en')}>
        <ThemeProvider theme={createAppTheme()}>
          <PetDateField label="Date of birth" value="12.05.2020" onChange={onChange} error helperText="Bad" />
        </ThemeProvider>
      </I18nProvider>,
    );

    // First render: the picker's code is not there yet, the field is (same label, value, error).
    const placeholder = screen.getByRole('textbox', { name: 'Date of birth' });
    expect(placeholder).toHaveValue('12.05.2020');
    expect(placeholder).toHaveAttribute('readonly');
    expect(placeholder).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Bad')).toBeInTheDocument();

    // Then the picker takes its place, as sections of the same date.
    const group = await screen.findByRole('group', { name: 'Date of birth' });
    expect(screen.queryByRole('textbox', { name: 'Date of birth' })).not.toBeInTheDocument();
    expect(group.querySelector('input')).toHaveValue('12.05.2020');
    expect(screen.getByText('Bad')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });
});
