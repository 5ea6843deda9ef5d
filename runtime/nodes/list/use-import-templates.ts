/**
 * The import templates the import dialog offers while it is open (runtime/core/data/import-templates.ts):
 * loaded when the dialog opens on a module list without a fixed importTemplateId, and the one
 * chosen. A failed read offers none: the dialog then imports with the list's own fields.
 */
import { useEffect, useState } from 'react';
import { importTemplatesFor, moduleTableOf, type ImportTemplateChoice } from '../../core/data/import-templates';
import type { DataSourceConfig } from '../../core/data/provider';
import type { RuntimeContextValue } from '../../react/context';

export function useImportTemplates(
  runtime: RuntimeContextValue,
  source: DataSourceConfig,
  open: boolean,
  fixed: string | undefined,
): { templates: ImportTemplateChoice[]; templateId?: string; choose(id: string | undefined): void } {
  const [templates, setTemplates] = useState<ImportTemplateChoice[]>([]);
  const [templateId, choose] = useState<string>();
  const table = moduleTableOf(source);
  useEffect(() => {
    if (!open || fixed || !table) return;
    let live = true;
    importTemplatesFor(runtime.providerFor, table, runtime.tablePrefix).then(
      (list) => live && setTemplates(list),
      () => live && setTemplates([]),
    );
    return () => {
      live = false;
      choose(undefined);
    };
  }, [open, fixed, table, runtime]);
  return { templates, templateId, choose };
}
