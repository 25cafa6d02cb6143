namespace Sorcha.Blueprint.Engine.Schema;

/// <summary>Refusing cycles of in-place subschemas, which would apply to the same value forever.</summary>
internal sealed partial class SchemaCompiler
{
    /// <summary>
    /// A schema that reaches itself through in-place subschemas ($ref, allOf, anyOf, not, …) without descending into a
    /// property or item would apply to the same value forever: {"anyOf": [{"$ref": "#"}, {"$ref": "#"}]} doubles its
    /// work at each level. Such a cycle is a problem at the schema it returns to. Iterative depth-first search, since
    /// a chain of references can be longer than the stack is deep.
    /// </summary>
    private void RejectCyclesWithoutProgress()
    {
        var done = new HashSet<SchemaNode>();
        var onPath = new HashSet<SchemaNode>();
        var reported = new HashSet<SchemaNode>();
        var path = new Stack<(SchemaNode Node, SchemaNode[] Next, int Index)>();
        foreach (var start in _byPointer.Values)
        {
            if (done.Contains(start))
            {
                continue;
            }

            onPath.Add(start);
            path.Push((start, start.InPlace(), 0));
            while (path.TryPop(out var frame))
            {
                if (frame.Index == frame.Next.Length)
                {
                    onPath.Remove(frame.Node);
                    done.Add(frame.Node);
                    continue;
                }

                path.Push((frame.Node, frame.Next, frame.Index + 1));
                var next = frame.Next[frame.Index];
                if (onPath.Contains(next))
                {
                    if (reported.Add(next))
                    {
                        Problem(PointerOf(next),
                            "this schema applies to itself through '$ref' without descending into a property or item, so validation would never end");
                    }
                }
                else if (!done.Contains(next))
                {
                    onPath.Add(next);
                    path.Push((next, next.InPlace(), 0));
                }
            }
        }
    }

    private string PointerOf(SchemaNode node) => _byPointer.First(p => ReferenceEquals(p.Value, node)).Key;
}
