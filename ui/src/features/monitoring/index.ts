/* The manage screen shows the same visit records table as the monitoring screen, filtered its own way. */
export { MonitoringTable } from './monitoring-table';
