// Spectral's ruleset for the documents the library generates (test/openapi/other-tools.test.ts): spectral:oas's
// recommended rules, less matters of taste that depend on what the application's authors write, not on the generator.
import rulesets from '@stoplight/spectral-rulesets';

const { oas } = rulesets;

export default {
  extends: [[oas, 'recommended']],
  rules: {
    // A contact, a licence and a description are the API owner's to give (generateOpenApiDocument takes a
    // description); the generator has nothing true to put there.
    'info-contact': 'off',
    'info-license': 'off',
    'info-description': 'off',
    // Descriptions of operations and tags are written by the application's authors (@ApiOperation, @ApiTags); a
    // generator that made them up would only repeat the summary.
    'operation-description': 'off',
    'tag-description': 'off',
  },
};
