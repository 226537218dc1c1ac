// creatorflow/elements: registers every element at once (bundler users).
// For one element only, import 'creatorflow/elements/<name>'.
import './inventory';
