// Binds every widget and node component to its registered type (the runtime's barrels).
import '../runtime/widgets/components';
import '../runtime/nodes/components';
