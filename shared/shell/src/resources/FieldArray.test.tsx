import { screen, waitFor, within } from '@testing-library/react';
import { z } from 'zod';
import { TextField } from '@phoenix/ui';
import { ApiRequestError } from '../api/ApiRequestError';
import { renderWithShell } from '../testing';
import { FieldArray } from './FieldArray';
import { useRecordForm } from './useRecordForm';

const schema = z.object({
  name: z.string().min(1, 'Name is required'),
  items: z
    .array(
      z.object({ item: z.string().min(1, 'Pick an item'), quantity: z.number({ message: 'Enter a quantity' }).int().min(1, 'At least 1') }),
    )
    .min(1, 'Add at least one item'),
});
type Values = { name: string; items: { item: string; quantity: number }[] };

function GiftForm({ onSubmit }: { onSubmit: (values: Values) => Promise<unknown> }) {
  const form = useRecordForm<Values, Values>({
    schema,
    defaultValues: { name: 'Welcome pack', items: [{ item: 'gem', quantity: 10 }] },
    onSubmit,
  });
  return (
    <form onSubmit={form.onSubmit} aria-label="Gift">
      {form.formError && <p role="alert">{form.formError}</p>}
      <TextField label="Name" {...form.field('name')} />
      <FieldArray
        form={form}
        name="items"
        legend="Items"
        addLabel="Add item"
        newRow={() => ({ item: '', quantity: 1 })}
        rowLabel={(i) => `item ${i + 1}`}
      >
        {(index) => (
          <>
            <TextField label={`Item ${index + 1}`} {...form.field(`items.${index}.item`)} />
            <TextField label={`Quantity ${index + 1}`} type="number" {...form.numberField(`items.${index}.quantity`)} />
          </>
        )}
      </FieldArray>
      <button type="submit">Save</button>
    </form>
  );
}

describe('record form with a field array', () => {
  it('adds, reorders and removes rows, and sends them in order as typed values', async () => {
    const onSubmit = jest.fn().mockResolvedValue({});
    const { user } = renderWithShell(<GiftForm onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Add item' }));
    await user.type(screen.getByLabelText('Item 2'), 'coin');
    await user.clear(screen.getByLabelText('Quantity 2'));
    await user.type(screen.getByLabelText('Quantity 2'), '500');
    await user.click(screen.getByRole('button', { name: 'Move item 2 up' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toEqual({
      name: 'Welcome pack',
      items: [
        { item: 'coin', quantity: 500 },
        { item: 'gem', quantity: 10 },
      ],
    });

    await user.click(screen.getByRole('button', { name: 'Remove item 1' }));
    await user.click(screen.getByRole('button', { name: 'Remove item 1' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Add at least one item')).toBeInTheDocument();
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('puts per-row errors on their row, from the schema and from the server, keeping what was typed', async () => {
    const onSubmit = jest
      .fn()
      .mockRejectedValue(new ApiRequestError(400, 'validation_failed', 'Invalid input', { 'items.1.quantity': ['Only 99 in stock'] }));
    const { user } = renderWithShell(<GiftForm onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Add item' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('Item 2')).toHaveAccessibleDescription(expect.stringContaining('Pick an item'));
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Item 2'), 'coin');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Quantity 2')).toHaveAccessibleDescription(expect.stringContaining('Only 99 in stock')),
    );
    expect(within(screen.getByRole('group', { name: 'item 1' })).getByLabelText('Quantity 1')).toHaveAccessibleDescription('');
    expect(screen.getByLabelText('Item 2')).toHaveValue('coin');
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid input');
  });
});
