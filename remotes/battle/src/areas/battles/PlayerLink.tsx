import { PlayerNameLink } from '@phoenix/shell';

/** A player's name and id, linked to their page (the players area's detail), or the bare id where the console has none. */
export function PlayerLink({ id }: { id: number }) {
  return <PlayerNameLink id={id} />;
}
