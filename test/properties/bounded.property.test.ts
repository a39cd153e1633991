import { useSandbox } from '../harness/sandbox';
import { describeBounded } from './boundedRun';
import { PROPERTY_SANDBOX } from './targets';

/** The Bounded property (see boundedRun.ts), the first half of its cases; bounded.second.property.test.ts runs the other half on jest's other worker . */

const fx = useSandbox(PROPERTY_SANDBOX);

describeBounded(fx, 0);
