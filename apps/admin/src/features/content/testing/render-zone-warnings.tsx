/** Renders the content page's warning lists as the page does: one draft read shared by them. */
import type { DraftChanges } from '@plant-kiosk/contract';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import type { Resource } from '../../../lib/use-resource';
import { useDraftWarnings } from '../zone-warnings';

type WarningList = (props: {
  devid: number;
  currentZoneid?: number | undefined;
  draft: Resource<DraftChanges>;
}) => ReactNode;

function Lists({
  lists,
  devid,
  currentZoneid,
}: {
  lists: WarningList[];
  devid: number;
  currentZoneid?: number | undefined;
}) {
  const draft = useDraftWarnings(devid);
  return (
    <>
      {lists.map((List, index) => (
        <List key={index} devid={devid} currentZoneid={currentZoneid} draft={draft} />
      ))}
    </>
  );
}

export function renderZoneWarnings(
  lists: WarningList[],
  { devid = 1, currentZoneid }: { devid?: number; currentZoneid?: number } = {},
) {
  return render(
    <MemoryRouter>
      <Lists lists={lists} devid={devid} currentZoneid={currentZoneid} />
    </MemoryRouter>,
  );
}
