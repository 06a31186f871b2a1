/**
 * The API answers the server wrote into the page for its first load (common/prepared-pages.ts):
 * each is given once, to the first GET of its URL, and whatever the first page did not ask for
 * is dropped once that page has loaded, so that no later request gets an old answer.
 */
import {
  EMBEDDED_ANSWERS_ID,
  apiRequestKey,
  type EmbeddedAnswer,
} from '../../common/prepared-pages.ts';

function readEmbeddedAnswers(): Map<string, EmbeddedAnswer> {
  const element = document.getElementById(EMBEDDED_ANSWERS_ID);
  const answers = new Map<string, EmbeddedAnswer>();
  if (!element?.textContent) return answers;
  element.remove();
  try {
    for (const answer of JSON.parse(element.textContent) as EmbeddedAnswer[]) {
      answers.set(answer.url, answer);
    }
  } catch (error) {
    // The requests then go to the server, as they would without the block.
    console.error('The embedded API answers could not be read', error);
  }
  return answers;
}

let answers: Map<string, EmbeddedAnswer> | null = null;

/** The embedded answer to a GET of this URL, at most once. */
export function takeEmbeddedAnswer(url: string): EmbeddedAnswer | undefined {
  answers ??= readEmbeddedAnswers();
  const key = apiRequestKey(url);
  const answer = answers.get(key);
  answers.delete(key);
  return answer;
}

/** Forgets the answers no request has taken: they describe the moment the page was sent. */
export function dropEmbeddedAnswers(): void {
  answers = new Map();
  document.getElementById(EMBEDDED_ANSWERS_ID)?.remove();
}
