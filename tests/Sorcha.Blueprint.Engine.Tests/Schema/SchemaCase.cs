using Sorcha.Blueprint.Engine.Schema;

namespace Sorcha.Blueprint.Engine.Tests.Schema;

/// <summary>Runs one test-suite style case: a schema, an instance and whether it is valid.</summary>
internal static class SchemaCase
{
    public static void Check(string schema, string instance, bool valid)
    {
        var compiled = JsonSchema.Compile(TestJson.Parse(schema));
        var data = TestJson.Parse(instance);
        var errors = compiled.Evaluate(data);
        Assert.Equal(valid, compiled.IsValid(data));
        // The quiet fast path and the collecting pass must agree.
        Assert.Equal(valid, errors.Count == 0);
    }
}
