import { ProjectGenerator } from '../lib/base';
import { templatesOf } from '../lib/paths';
import { detectProject, type ProjectLayout } from '../lib/project';
import { installDependencies, writeWiring } from '../lib/wiring';

export const INIT_TEMPLATES = templatesOf('init');

/** `init [--swagger] [--force] [--skip-install]`: wires an existing Next.js App Router project. */
export default class InitGenerator extends ProjectGenerator {
  private layout!: ProjectLayout;

  constructor(args: string | string[], options: ConstructorParameters<typeof ProjectGenerator>[1]) {
    super(args, options);
    this.sourceRoot(INIT_TEMPLATES);
  }

  initializing() {
    this.layout = detectProject(this.destinationRoot());
  }

  writing() {
    writeWiring(this, this.layout, Boolean(this.options.swagger));
  }

  async install() {
    await installDependencies(this, this.layout, Boolean(this.options.swagger), Boolean(this.options.skipInstall));
  }

  end() {
    this._printSummary(['npx next-app-controllers generate controller <name>', 'npm run dev']);
  }
}
