using System.Diagnostics;
using System.Globalization;
using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Engine;

/// <summary>
/// The time, steps and output one request may spend in the engine (<see cref="EngineLimits"/>). Every evaluation draws
/// on it and throws <see cref="BudgetExceededException"/> when a part runs out, or OperationCanceledException once the
/// token is cancelled (the client went away), so no request can keep a core busy after its answer stopped mattering.
/// One per request and not thread-safe: a request evaluates on one thread at a time.
/// </summary>
public sealed class WorkBudget
{
    // The clock and the token are read every 16th step: often enough that the slowest step (a regex over a long string,
    // a copy) overshoots the deadline by milliseconds, rarely enough to cost nothing next to the steps themselves.
    private const int CheckEvery = 16;

    private const long CheckOutputEvery = 64 * 1024;

    private readonly EngineLimits _limits;
    private readonly CancellationToken _cancellation;
    private readonly long _deadline;
    private long _steps;
    private long _output;

    public WorkBudget(EngineLimits? limits = null, CancellationToken cancellation = default)
    {
        _limits = limits ?? new EngineLimits();
        _cancellation = cancellation;
        _deadline = Stopwatch.GetTimestamp() + (long)(_limits.TimeMilliseconds / 1000.0 * Stopwatch.Frequency);
    }

    /// <summary>One unit of evaluation work; also checks the clock and the token now and then.</summary>
    internal void Step()
    {
        if (++_steps > _limits.Steps)
        {
            throw new BudgetExceededException(BudgetKind.Steps,
                $"Evaluating needs more than the {Count(_limits.Steps)} steps a request may take.");
        }

        if (_steps % CheckEvery == 0)
        {
            CheckTime();
        }
    }

    /// <summary>Several units of work at once (annotation sets, sized by the instance); the clock is checked as often as by Step.</summary>
    internal void Steps(long count)
    {
        var before = _steps;
        _steps += count;
        if (_steps > _limits.Steps)
        {
            throw new BudgetExceededException(BudgetKind.Steps,
                $"Evaluating needs more than the {Count(_limits.Steps)} steps a request may take.");
        }

        if (_steps / CheckEvery != before / CheckEvery)
        {
            CheckTime();
        }
    }

    /// <summary>The deadline and the token, now: after work that one step does not bound (a backtracking regex match).</summary>
    internal void CheckTime()
    {
        _cancellation.ThrowIfCancellationRequested();
        if (Stopwatch.GetTimestamp() > _deadline)
        {
            throw new BudgetExceededException(BudgetKind.Time,
                $"Evaluating takes longer than the {_limits.TimeMilliseconds} ms a request may take.");
        }
    }

    /// <summary>
    /// Counts what was just built (values, characters) against the output budget. Building is work too: a large copy
    /// between two steps checks the clock every 64 Ki of output, so that it cannot outrun the deadline.
    /// </summary>
    internal void Produce(long size)
    {
        var before = _output;
        _output += size;
        if (_output > _limits.Output)
        {
            throw new BudgetExceededException(BudgetKind.Output,
                $"Evaluating builds more than the {Count(_limits.Output)} values and characters a request may build.");
        }

        if (_output / CheckOutputEvery != before / CheckOutputEvery)
        {
            CheckTime();
        }
    }

    /// <summary>A deep copy, paid for: every value and character counts as output, and it may nest at most MaxDepth deep.</summary>
    internal JsonNode? Copy(JsonNode? node)
    {
        Charge(node, 1);
        return node?.DeepClone();
    }

    /// <summary>
    /// A node that can be attached to a new parent: JsonNode allows one parent only, so a node that already belongs to a
    /// tree (a value read out of the caller's data) is copied, and paid for.
    /// </summary>
    internal JsonNode? Detach(JsonNode? node) => node?.Parent is null ? node : Copy(node);

    /// <summary>Throws (output budget) when a result nests deeper than <see cref="EngineLimits.MaxDepth"/>; counts nothing.</summary>
    internal static void CheckDepth(JsonNode? node, int depth = 1)
    {
        if (node is JsonObject or JsonArray)
        {
            TooDeep(depth);
            foreach (var child in Children(node))
            {
                CheckDepth(child, depth + 1);
            }
        }
    }

    // depth: how many containers enclose a child of this node, itself included; recursion stops at MaxDepth.
    private void Charge(JsonNode? node, int depth)
    {
        switch (node)
        {
            case JsonObject obj:
                TooDeep(depth);
                Produce(1);
                foreach (var (name, value) in obj)
                {
                    Produce(name.Length);
                    Charge(value, depth + 1);
                }

                break;
            case JsonArray array:
                TooDeep(depth);
                Produce(1);
                foreach (var item in array)
                {
                    Charge(item, depth + 1);
                }

                break;
            case JsonValue value when value.TryGetValue(out string? text):
                Produce(1 + text.Length);
                break;
            default:
                Produce(1);
                break;
        }
    }

    private static IEnumerable<JsonNode?> Children(JsonNode node) =>
        node is JsonObject obj ? obj.Select(p => p.Value) : node.AsArray();

    private static void TooDeep(int depth)
    {
        if (depth > EngineLimits.MaxDepth)
        {
            throw new BudgetExceededException(BudgetKind.Output,
                $"Evaluating builds JSON nested more than {EngineLimits.MaxDepth} levels deep.");
        }
    }

    private static string Count(long n) => n.ToString("N0", CultureInfo.InvariantCulture);
}
