import { useSandbox } from '../harness/sandbox';
import { describeBounded } from './boundedRun';
import { PROPERTY_SANDBOX } from './targets';

/** The Bounded property (see boundedRun.ts), the second half of its cases; bounded.property.test.ts runs the first . */

const fx = useSandbox(PROPERTY_SANDBOX);

describeBounded(fx, 1);
