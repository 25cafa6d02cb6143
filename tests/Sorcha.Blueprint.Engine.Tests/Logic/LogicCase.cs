using Sorcha.Blueprint.Engine.Json;
using Sorcha.Blueprint.Engine.Logic;

namespace Sorcha.Blueprint.Engine.Tests.Logic;

/// <summary>Runs one jsonlogic.com style case: rule, data, expected result (compared as JSON values, numbers by value).</summary>
internal static class LogicCase
{
    public static void Check(string rule, string data, string expected)
    {
        var result = JsonLogic.Apply(TestJson.Parse(rule), TestJson.Parse(data));
        var want = TestJson.Parse(expected);
        Assert.True(JsonEquality.DeepEquals(want, result), $"{rule} with {data}: expected {TestJson.Text(want)} but got {TestJson.Text(result)}");
    }
}
