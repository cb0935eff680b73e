import { AreaLink } from '@phoenix/shell';

/** A player's id, linked to their page (the players area's detail), or the bare id where the console has none. */
export function PlayerLink({ id }: { id: number }) {
  return (
    <AreaLink area="players" action="show" record={id} fallback={id}>
      {id}
    </AreaLink>
  );
}
