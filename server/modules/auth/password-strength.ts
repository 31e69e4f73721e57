import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../contract/users';
import { badRequest } from '../../lib/http-error';

/**
 * A password is refused when a strength estimator scores it below 3 (of 0–4), or is on
 * the common-password list. zxcvbn's dictionaries are megabytes, so this check lives on the server only
 * and never enters the web bundle; the web form shows the server's message.
 *
 * Only the language-neutral dictionaries (49 000 common passwords, the diceware list) and the account's
 * own e-mail and names: the English word, name and Wikipedia lists add about 36 MB of resident memory
 * to a server that must stay under 200 MB (docs/benchmarks.md), for a user base writing in ten languages.
 * Loaded at the first sign-up, not at start: most processes of a running site never see one.
 */
const MINIMUM_SCORE = 3;

let estimator: Promise<ZxcvbnFactory> | undefined;

async function createEstimator(): Promise<ZxcvbnFactory> {
  const [{ ZxcvbnFactory }, commonLanguage, { default: translations }] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    // The English feedback texts alone: the package's main entry would load its dictionaries too.
    import('@zxcvbn-ts/language-en/dist/translations.mjs'),
  ]);
  return new ZxcvbnFactory({
    dictionary: commonLanguage.dictionary,
    graphs: commonLanguage.adjacencyGraphs,
    translations,
    // The estimator runs on the event loop and its l33t and sequence matchers grow steeply with length:
    // a crafted 128-character password took 2 s with the defaults (256 characters, 100 substitutions),
    // about 0.1 s with these. A password whose first 64 characters are strong is strong.
    maxLength: 64,
    l33tMaxSubstitutions: 8,
  });
}

function getEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= createEstimator();
  return estimator;
}

/** Why the password is refused, or null when it may be used. `userInputs`: the account's e-mail and names. */
async function findPasswordProblem(
  password: string,
  userInputs: ReadonlyArray<string | null | undefined>,
): Promise<string | null> {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
  // The e-mail's parts count as well as the whole: "maria.lopez2024" should not pass for maria.lopez@….
  const inputs = userInputs.flatMap((input) =>
    input ? [input, ...input.split(/[@._+-]+/).filter((part) => part.length >= 3)] : [],
  );
  const result = (await getEstimator()).check(password, inputs);
  if (result.score >= MINIMUM_SCORE) return null;
  const reason =
    result.feedback.warning ?? result.feedback.suggestions[0] ?? 'Add another word or two; uncommon words are better.';
  return `Choose a less guessable password: ${reason}`;
}

/** Throws a 400 with the reason on the `password` field (sign-up now; password change and reset later). */
export async function assertAcceptablePassword(
  password: string,
  userInputs: ReadonlyArray<string | null | undefined>,
  field = 'password',
): Promise<void> {
  const problem = await findPasswordProblem(password, userInputs);
  if (problem)
    throw badRequest(
      problem,
      [{ path: field, message: problem }],
      problem.startsWith('Choose a less guessable password') ? 'WEAK_PASSWORD' : 'VALIDATION_FAILED',
    );
}
