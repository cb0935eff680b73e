import { sql, type RawBuilder } from 'kysely';

/**
 * Made-up player names for the local seed and the benchmark generator: a first and a last name
 * picked deterministically from the id, every combination used once before any repeats, then the
 * same combinations again with a number ("Aiko Tanaka 2"), so every id up to any count has its own
 * name. The same rule exists twice, in SQL (set-based: a million rows in one statement) and in
 * TypeScript (for the benchmark's queries and the tests), and a test checks that they agree.
 */
// prettier-ignore
export const FIRST_NAMES = [
  'Aiko', 'Amara', 'Anders', 'Ayesha', 'Bao', 'Beatriz', 'Chidi', 'Clara', 'Dmitri', 'Elena',
  'Emeka', 'Farah', 'Felix', 'Giulia', 'Hana', 'Hugo', 'Ines', 'Ivan', 'Jae', 'Julia',
  'Kai', 'Kenji', 'Lars', 'Leila', 'Lucas', 'Maya', 'Mateo', 'Mei', 'Nadia', 'Noah',
  'Olga', 'Omar', 'Priya', 'Quentin', 'Rafael', 'Rin', 'Sami', 'Sofia', 'Tariq', 'Thandiwe',
  'Uma', 'Victor', 'Wen', 'Xavier', 'Yara', 'Yusuf', 'Zanele', 'Zoe', 'Arjun', 'Björn',
  'Camille', 'Diego', 'Esra', 'Freya', 'Goro', 'Haruto', 'Ingrid', 'Jonas', 'Keiko', 'Luca',
] as const;

// prettier-ignore
export const LAST_NAMES = [
  'Tanaka', 'Moreau', 'Okafor', 'Silva', 'Novak', 'Kowalski', 'Haddad', 'Nguyen', 'Schmidt', 'Rossi',
  'Sato', 'Kim', 'Petrov', 'Garcia', 'Mensah', 'Larsen', 'Dubois', 'Yamamoto', 'Fernandes', 'Ivanova',
  'Chen', 'Park', 'Müller', 'Costa', 'Adeyemi', 'Lindqvist', 'Bianchi', 'Suzuki', 'Martins', 'Horvat',
  'Nakamura', 'Lopez', 'Andersen', 'Mahlaba', 'Wang', 'Fischer', 'Romano', 'Ito', 'Kaya', 'Walsh',
  'Jensen', 'Oliveira', 'Takahashi', 'Ricci', 'Bakker', 'Nowak', 'Ali', 'Singh', 'Herrera', 'Berg',
  'Watanabe', 'Popescu', 'Santos', 'Weber', 'Cohen', 'Mwangi', 'Lambert', 'Kobayashi', 'Torres', 'Virtanen',
] as const;

/** How many distinct first/last pairs there are: ids past this repeat a pair with a number. */
export const NAME_PAIRS = FIRST_NAMES.length * LAST_NAMES.length;
// Coprime with NAME_PAIRS (3,600 = 2⁴·3²·5²): a permutation of the pairs, so neighbouring ids do
// not share a first or last name.
const STRIDE = 7919;

/** The generated name of player `id` (≥ 1). */
export function playerNameOf(id: number): string {
  const pair = ((id - 1) * STRIDE) % NAME_PAIRS;
  const round = Math.floor((id - 1) / NAME_PAIRS);
  const name = `${FIRST_NAMES[pair % FIRST_NAMES.length]} ${LAST_NAMES[Math.floor(pair / FIRST_NAMES.length)]}`;
  return round === 0 ? name : `${name} ${round + 1}`;
}

const textArray = (names: readonly string[]) => sql`(array[${sql.join(names.map((n) => sql.lit(n)))}]::text[])`;

/** The same name in SQL, for an integer id expression (e.g. a generate_series column). */
export function playerNameSql(id: RawBuilder<unknown>): RawBuilder<string> {
  const pair = sql`((${id} - 1)::bigint * ${sql.lit(STRIDE)} % ${sql.lit(NAME_PAIRS)})`;
  const round = sql`((${id} - 1) / ${sql.lit(NAME_PAIRS)})`;
  return sql<string>`(
    ${textArray(FIRST_NAMES)}[1 + ${pair} % ${sql.lit(FIRST_NAMES.length)}] || ' ' ||
    ${textArray(LAST_NAMES)}[1 + ${pair} / ${sql.lit(FIRST_NAMES.length)}] ||
    case when ${round} = 0 then '' else ' ' || (${round} + 1)::text end)`;
}
