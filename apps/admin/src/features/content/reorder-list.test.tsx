import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { moveId, ReorderList } from './reorder-list';

interface Item {
  id: number;
  name: string;
}

function Harness({ onReorder }: { onReorder: (ids: number[]) => Promise<boolean> }) {
  const [items, setItems] = useState<Item[]>([
    { id: 1, name: 'A' },
    { id: 2, name: 'B' },
    { id: 3, name: 'C' },
  ]);
  return (
    <ReorderList
      label="Éléments"
      items={items}
      idOf={(item) => item.id}
      nameOf={(item) => `l’élément ${item.name}`}
      renderItem={(item) => <span>{item.name}</span>}
      onReorder={async (ids) => {
        const ok = await onReorder(ids);
        if (ok) setItems(ids.map((id) => items.find((item) => item.id === id)!));
        return ok;
      }}
    />
  );
}

describe('ReorderList', () => {
  it('moves an item with the keyboard and keeps the focus on it', async () => {
    const onReorder = vi.fn(async () => true);
    render(<Harness onReorder={onReorder} />);
    const user = userEvent.setup();
    const down = screen.getByRole('button', { name: 'Descendre l’élément A' });
    down.focus();
    await user.keyboard('{Enter}');
    expect(onReorder).toHaveBeenCalledWith([2, 1, 3]);
    const rows = screen.getAllByRole('listitem').map((row) => row.textContent);
    expect(rows[1]).toContain('A');
    expect(await screen.findByText('l’élément A déplacé en position 2 sur 3.')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'Descendre l’élément A' }),
      ),
    );
  });

  it('disables moving the first item up and the last one down', () => {
    render(<Harness onReorder={async () => true} />);
    expect(
      (screen.getByRole('button', { name: 'Monter l’élément A' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(
      (screen.getByRole('button', { name: 'Descendre l’élément C' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('keeps the order when the server refuses it', async () => {
    render(<Harness onReorder={async () => false} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Monter l’élément C' }));
    const rows = screen.getAllByRole('listitem').map((row) => row.textContent);
    expect(rows[2]).toContain('C');
  });

  it('moveId moves one id', () => {
    expect(moveId([1, 2, 3, 4], 3, 0)).toEqual([4, 1, 2, 3]);
  });
});
