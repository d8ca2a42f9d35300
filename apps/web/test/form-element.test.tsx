import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { FormElement } from '@/components/FormElement';

/**
 * Issue 14.6: pressing a form's submit button must not take the focus from the field being edited,
 * or the field's on-blur message moves the button before it is released and the click is lost.
 * (jsdom has no layout: the lost click itself is shown by e2e/tests/forms-first-click.e2e.ts.)
 */
function renderForm(onMouseDown?: () => void) {
  render(
    <FormElement aria-label="form" onMouseDown={onMouseDown}>
      <input aria-label="field" />
      <button type="button">Other</button>
      <button type="submit">
        <span>Save</span>
      </button>
      <button type="submit" disabled>
        Disabled
      </button>
    </FormElement>,
  );
}

describe('FormElement', () => {
  it('is a form without the browser’s own validation bubbles', () => {
    renderForm();
    expect(screen.getByRole('form', { name: 'form' })).toHaveAttribute('novalidate');
  });

  it('keeps the focus in the field when its submit button is pressed (also on the label inside)', () => {
    renderForm();
    const field = screen.getByRole('textbox', { name: 'field' });
    field.focus();
    // fireEvent answers false when the default (moving the focus) was prevented.
    expect(fireEvent.mouseDown(screen.getByText('Save'))).toBe(false);
    expect(fireEvent.mouseDown(screen.getByRole('button', { name: 'Save' }))).toBe(false);
    expect(field).toHaveFocus();
  });

  it('leaves other buttons, fields, other mouse buttons and a disabled submit alone', () => {
    let calls = 0;
    renderForm(() => calls++);
    expect(fireEvent.mouseDown(screen.getByRole('button', { name: 'Other' }))).toBe(true);
    expect(fireEvent.mouseDown(screen.getByRole('textbox', { name: 'field' }))).toBe(true);
    expect(fireEvent.mouseDown(screen.getByRole('button', { name: 'Save' }), { button: 2 })).toBe(true);
    expect(fireEvent.mouseDown(screen.getByRole('button', { name: 'Disabled' }))).toBe(true);
    // The caller's own handler still runs.
    expect(calls).toBe(4);
  });
});
