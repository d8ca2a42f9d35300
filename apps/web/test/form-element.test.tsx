import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { FormActions } from '@/components/FormActions';
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

describe('FormElement sends once (issue 40.7)', () => {
  it('drops a second submit until the first one has its answer, and shows the buttons busy meanwhile', async () => {
    const answers: Array<() => void> = [];
    let calls = 0;
    const submit = (event: { preventDefault: () => void }) => {
      event.preventDefault();
      calls += 1;
      return new Promise<void>((resolve) => answers.push(resolve));
    };
    render(
      <FormElement aria-label="form" onSubmit={submit}>
        <FormActions
          submitting={false}
          onCancel={() => undefined}
          labels={{ save: 'Save', cancel: 'Cancel', delete: 'Delete' }}
        />
      </FormElement>,
    );
    const form = screen.getByRole('form', { name: 'form' });
    // Two submits in the same task: the second must not wait for React to render the disabled button.
    fireEvent.submit(form);
    fireEvent.submit(form);
    expect(calls).toBe(1);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(form).toHaveAttribute('aria-busy', 'true');
    fireEvent.submit(form);
    expect(calls).toBe(1);

    await act(async () => answers[0]!());
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    fireEvent.submit(form);
    expect(calls).toBe(2);
  });

  it('lets the next submit through after a failed one', async () => {
    let calls = 0;
    const submit = (event: { preventDefault: () => void }) => {
      event.preventDefault();
      calls += 1;
      return Promise.resolve().then(() => {
        if (calls === 1) throw new Error('refused');
      });
    };
    const swallow = (event: PromiseRejectionEvent) => event.preventDefault();
    const unhandled = () => undefined;
    process.on('unhandledRejection', unhandled);
    window.addEventListener('unhandledrejection', swallow);
    render(<FormElement aria-label="form" onSubmit={submit} />);
    const form = screen.getByRole('form', { name: 'form' });
    fireEvent.submit(form);
    await waitFor(() => expect(form).toHaveAttribute('aria-busy', 'false'));
    fireEvent.submit(form);
    expect(calls).toBe(2);
    window.removeEventListener('unhandledrejection', swallow);
    process.off('unhandledRejection', unhandled);
  });
});
