/**
 * The meta-schema parts that are never written by hand (DESIGN §1): the node union, the widget
 * `type` enum and each widget's props schema are derived from the registry, so adding a folder
 * under runtime/nodes or runtime/widgets is all it takes for schemas to accept the new type.
 */
import { actionTypes, allActions, allNodes, allWidgets, nodeTypes, widgetTypes } from '../registry';
import { META, nodeSchemaId } from './meta-ids';

type JsonSchema = Record<string, unknown>;

const typeIs = (type: string) => ({ properties: { type: { const: type } }, required: ['type'] });

/**
 * What is registered, by name: the precompiled meta-validator (meta-validator.generated.js) was
 * built for one such set, and serves only while the registry still holds exactly it — a node,
 * widget or action registered at run time (an extension, a test) makes validation compile again.
 */
export function registryKey(): string {
  return JSON.stringify([nodeTypes(), widgetTypes(), actionTypes()].map((names) => [...names].sort()));
}

export function registrySchemas(): JsonSchema[] {
  const widgets = widgetTypes();
  const nodes = nodeTypes();
  if (!widgets.length) throw new Error('No widget is registered: import runtime/definitions first');

  const nodeSchemas = allNodes().map((node) => ({ ...node.schema, $id: nodeSchemaId(node.type) }));
  const nodeBranches = nodes.map((type) => ({ if: typeIs(type), then: { $ref: nodeSchemaId(type) } }));

  const union = (id: string, types: string[], extra: JsonSchema[] = []): JsonSchema => ({
    $id: id,
    type: 'object',
    required: ['type'],
    properties: { type: { type: 'string', enum: types } },
    // if/then (not oneOf) so a mistake reports the errors of the one branch its `type` selects.
    allOf: [...nodeBranches, ...extra],
  });

  return [
    actionButtonSchema(),
    { $id: META.widgetType, type: 'string', enum: widgets },
    {
      $id: META.widgetProps,
      type: 'object',
      allOf: allWidgets()
        .filter((widget) => widget.propsSchema)
        .map((widget) => ({ if: typeIs(widget.type), then: { properties: { props: widget.propsSchema } } })),
    },
    ...nodeSchemas,
    union(META.node, nodes.length ? nodes : ['__none__']),
    union(
      META.child,
      [...nodes, ...widgets],
      [{ if: { properties: { type: { enum: widgets } }, required: ['type'] }, then: { $ref: META.field } }],
    ),
  ];
}

/**
 * A button of a schema (e.g. a list's `buttons`): `action` must name a registered action, so an
 * unknown name fails validation at its pointer, and `params` must fit that action's params schema.
 */
function actionButtonSchema(): JsonSchema {
  const withParams = allActions().filter((action) => action.params);
  return {
    $id: META.actionButton,
    type: 'object',
    required: ['action'],
    properties: {
      action: { type: 'string', enum: actionTypes().length ? actionTypes() : ['__none__'] },
      title: { $ref: META.text },
      params: { type: 'object', maxProperties: 50 },
      /** On each row (the operation column) instead of the header. */
      row: { type: 'boolean' },
      buttonType: { enum: ['primary', 'default', 'dashed', 'link', 'text'] },
      danger: { type: 'boolean' },
      /** On a row button: hides it where this expression over the row's values is true. */
      hiddenFn: { type: 'string', format: 'expression', maxLength: 2000 },
    },
    additionalProperties: false,
    allOf: withParams.map((action) => {
      const params = action.params as JsonSchema;
      return {
        if: { properties: { action: { const: action.type } }, required: ['action'] },
        then: {
          properties: { params },
          ...(Array.isArray(params.required) && params.required.length ? { required: ['params'] } : {}),
        },
      };
    }),
  };
}
