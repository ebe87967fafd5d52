import { can, londonToday, type Role } from '@care/events';
import { Link } from '@tanstack/react-router';
import { CalendarPlus, FileBarChart, UserPlus, Zap } from 'lucide-react';
import { Suspense, useState } from 'react';
import { lazyNamed } from '../../shared/lazy-named';
import { defaultStartFor } from '../../records/appointments/appointment-labels';

const AppointmentFormDialog = lazyNamed(() => import('../appointments'), 'AppointmentFormDialog');
const ClientFormDialog = lazyNamed(() => import('../clients'), 'ClientFormDialog');

/** Quick Actions: only the ones this role may carry out. */
export function QuickActions({ role }: { role: Role }) {
  const [scheduling, setScheduling] = useState(false);
  const [addingClient, setAddingClient] = useState(false);
  const canClients = can(role, 'clients.write');
  const canSchedule = can(role, 'appointments.write');
  return (
    <section className="card dashboard-block" aria-labelledby="quick-actions-title">
      <h2 id="quick-actions-title" className="card-title">
        <Zap size={18} aria-hidden />
        Quick Actions
      </h2>
      <div className="dashboard-quick-actions">
        {canClients && (
          <button type="button" className="button button-secondary" onClick={() => setAddingClient(true)}>
            <UserPlus size={16} aria-hidden />
            Add New Client
          </button>
        )}
        {canSchedule && (
          <button type="button" className="button button-secondary" onClick={() => setScheduling(true)}>
            <CalendarPlus size={16} aria-hidden />
            Schedule Appointment
          </button>
        )}
        <Link to="/reports" className="button button-secondary">
          <FileBarChart size={16} aria-hidden />
          Generate Report
        </Link>
      </div>
      {canClients && addingClient && (
        <Suspense fallback={null}>
          <ClientFormDialog open onOpenChange={setAddingClient} client={undefined} />
        </Suspense>
      )}
      {canSchedule && scheduling && (
        <Suspense fallback={null}>
          <AppointmentFormDialog
            open
            onOpenChange={setScheduling}
            title="Schedule Appointment"
            defaultStart={defaultStartFor(londonToday(), new Date())}
          />
        </Suspense>
      )}
    </section>
  );
}
