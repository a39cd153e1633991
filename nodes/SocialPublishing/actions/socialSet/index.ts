import type { INodeProperties } from 'n8n-workflow';
import type { OperationExecute } from '../types';

// Placeholder until the socialSet operations land: the resource shows no operations yet.
export const operations: Record<string, { execute: OperationExecute }> = {};

export const description: INodeProperties[] = [];
