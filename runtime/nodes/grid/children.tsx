/**
 * Children of a container node placed in a page body: a child with a node component (list, form,
 * grid, tab, ...) renders through <NodeRenderer>; a field or a form-only container renders through
 * <FormBody> in the container's own Formily form, shared by all its children so hiddenFn and
 * linkage between them keep working. Shared by the grid and tab nodes.
 */
import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { PageNode, SchemaNode } from '../../../protocol/page-schema';
import { getNodeComponent } from '../../react/bindings';
import { FormBody } from '../../react/FormBody';
import { NodeRenderer } from '../../react/PageRenderer';

const ContainerForm = createContext<boolean>(false);

/** Provides one form for the fields of a container tree (nested containers reuse the outer one). */
export function ContainerFormScope({ children }: { children: ReactNode }) {
  const inside = useContext(ContainerForm);
  const form = useMemo(() => (inside ? undefined : createForm()), [inside]);
  if (!form) return <>{children}</>;
  return (
    <ContainerForm.Provider value>
      <FormProvider form={form}>{children}</FormProvider>
    </ContainerForm.Provider>
  );
}

export function ContainerChild({ node, recordId }: { node: SchemaNode | PageNode; recordId?: string }) {
  if (getNodeComponent(String(node.type))) return <NodeRenderer node={node as PageNode} recordId={recordId} />;
  return <FormBody nodes={[node as SchemaNode]} />;
}

export const childKey = (node: { key?: unknown; type?: unknown }, index: number) =>
  (typeof node.key === 'string' && node.key) || `${String(node.type)}-${index}`;
