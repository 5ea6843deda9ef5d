/**
 * Benchmark baseline: the same form hand-written with @formily/antd-v5 components and Formily
 * effects, as a developer would without Tessera (linkage in onFieldInputValueChange / onFieldReact).
 */
import { createForm, onFieldInputValueChange, onFieldReact, type Field as FieldModel } from '@formily/core';
import { Field, FormProvider } from '@formily/react';
import { DatePicker, FormGrid, FormItem, Input, NumberPicker, Select } from '@formily/antd-v5';
import { benchFields, dependentOptions, SELECT_ITEMS, type BenchField } from './form-fixture';
import { mount } from './form-page-shared';

const COMPONENT = { text: Input, number: NumberPicker, select: Select, date: DatePicker } as const;

function HandField({ field }: { field: BenchField }) {
  return (
    <Field
      name={field.key}
      title={field.title}
      decorator={[FormItem]}
      component={[COMPONENT[field.kind], field.kind === 'select' ? { allowClear: true } : {}]}
      dataSource={field.kind === 'select' && !field.dependsOn ? SELECT_ITEMS : undefined}
    />
  );
}

mount((count) => {
  const fields = benchFields(count);
  const form = createForm({
    effects() {
      for (const field of fields) {
        if (field.linkageKeys) {
          const cleared = field.linkageKeys;
          onFieldInputValueChange(field.key, (_f, f) => cleared.forEach((key) => f.setValuesIn(key, undefined)));
        }
        if (field.dependsOn) {
          const parent = field.dependsOn;
          onFieldReact(field.key, (f, f2) => {
            (f as FieldModel).dataSource = dependentOptions(f2.values[parent]);
          });
        }
      }
    },
  });
  return (
    <FormProvider form={form}>
      <FormGrid maxColumns={2}>
        {fields.map((field) => (
          <HandField key={field.key} field={field} />
        ))}
      </FormGrid>
    </FormProvider>
  );
});
