namespace Sorcha.AppHost.Tests;

/// <summary>Tests that set variables of the process's environment, which every builder reads: run alone, after the others.</summary>
[CollectionDefinition(Name, DisableParallelization = true)]
public sealed class ProcessEnvironmentScope
{
    public const string Name = "process environment";
}
