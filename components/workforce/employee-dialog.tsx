'use client';

import { useAccess } from '@/components/shell/access-context';
import dynamic from 'next/dynamic';
import { toast } from 'sonner';
import { Dialog } from '@/components/ui/dialog';
import { ErrorState, TableSkeleton } from '@/components/ui/states';
import { employeeName, useDeleteEmployee, useEmployee } from '@/lib/client/hooks/use-workforce';

// Loads when first shown, out of the page's first-load JavaScript (react-hook-form, zod schemas).
const EmployeeForm = dynamic(() => import('./employee-form').then((m) => m.EmployeeForm));
// Their assignments, time off and certifications: loaded with the dialog too.
const EmployeePlanning = dynamic(() => import('./employee-planning').then((m) => m.EmployeePlanning));

/**
 * The employee named by the page's URL (`?employee=<id>`, or `new`), so a person can be linked to
 * from the org chart, the command palette and the webhook feed.
 */
export function EmployeeDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const isNew = id === 'new';
  const { data: employee, error, refetch, isPending } = useEmployee(isNew || !id ? null : id);
  const remove = useDeleteEmployee();
  const { can } = useAccess();
  const title = isNew ? 'New employee' : employee ? `Edit ${employeeName(employee)}` : 'Employee';
  const onDelete = () => {
    if (!employee) return;
    const name = employeeName(employee);
    if (!window.confirm(`Delete ${name}? Their reports will be left without a manager.`)) return;
    remove.mutate(employee.id, { onSuccess: () => toast.success(`Deleted ${name}.`) });
    onClose();
  };
  return (
    <Dialog open={Boolean(id)} onClose={onClose} title={title} wide>
      {isNew ? (
        <EmployeeForm key="new" onDone={onClose} />
      ) : error ? (
        <ErrorState error={error} onRetry={() => refetch()} />
      ) : isPending || !employee ? (
        <TableSkeleton rows={6} />
      ) : (
        <>
          <EmployeePlanning employee={employee} />
          <h3 className="mb-3 text-sm font-semibold">Details</h3>
          <EmployeeForm key={employee.id} employee={employee} onDone={onClose} onDelete={can('workforce', 'delete') ? onDelete : undefined} />
        </>
      )}
    </Dialog>
  );
}
