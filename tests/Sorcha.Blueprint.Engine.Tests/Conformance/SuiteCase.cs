using Xunit.Abstractions;

namespace Sorcha.Blueprint.Engine.Tests.Conformance;

/// <summary>
/// A suite case by name ("file › group › test"). A serializable type rather than a string so that test runners list
/// each case on its own and show the whole name (xUnit shortens string arguments to 50 characters).
/// </summary>
public sealed class SuiteCase : IXunitSerializable
{
    public SuiteCase()
    {
    }

    public SuiteCase(string name) => Name = name;

    public string Name { get; private set; } = string.Empty;

    public void Deserialize(IXunitSerializationInfo info) => Name = info.GetValue<string>(nameof(Name));

    public void Serialize(IXunitSerializationInfo info) => info.AddValue(nameof(Name), Name);

    public override string ToString() => Name;
}
