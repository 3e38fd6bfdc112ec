import { TerminalAdapter } from '@yeoman/adapter';
import { UserError } from '../generators/errors';

type Question = { name: string; message?: unknown; default?: unknown };

/**
 * The adapter used when stdin is not a terminal (CI, scripts, pipes). Yeoman's own prompt throws `ExitPromptError`
 * when stdin is closed and waits forever on an open pipe, so nothing here reads stdin: the conflict question
 * ("Overwrite <file>?") is answered `skip`, so existing files are kept; any other question takes its default, or
 * fails with a message that names the flag to pass.
 */
export class NonInteractiveAdapter extends TerminalAdapter {
  override async prompt(questions: unknown, initialAnswers?: Record<string, unknown>): Promise<never> {
    const list = (Array.isArray(questions) ? questions : [questions]) as Question[];
    const answers: Record<string, unknown> = { ...initialAnswers };
    for (const question of list) {
      if (question.name in answers) continue;
      if (question.name === 'action') {
        answers.action = 'skip';
      } else if (question.default !== undefined) {
        answers[question.name] =
          typeof question.default === 'function' ? await (question.default as (a: unknown) => unknown)(answers) : question.default;
      } else {
        throw new UserError(`Cannot ask "${String(question.message ?? question.name)}": stdin is not a terminal. Pass the answer as a flag.`);
      }
    }
    return answers as never;
  }
}
