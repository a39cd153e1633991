import { useSandbox } from '../harness/sandbox';
import { describeBounded } from './boundedRun';

/** The Bounded property (see boundedRun.ts), the second half of its cases; bounded.property.test.ts runs the first . */

const fx = useSandbox();

describeBounded(fx, 1);
