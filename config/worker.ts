import 'reflect-metadata';
import { failedToStart, runWorkerProcess } from './workerProcess';

runWorkerProcess().catch(failedToStart);
