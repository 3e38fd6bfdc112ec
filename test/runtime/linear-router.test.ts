import { suite } from 'uvu';
import { LinearRouter } from '../../runtime/routing/linear-router';
import { routerCases, type CaseRoute } from './router-cases';

const LinearRouterSuite = suite('LinearRouter');
routerCases(LinearRouterSuite, () => new LinearRouter<CaseRoute>());
LinearRouterSuite.run();
