using Sorcha.Blueprint.Engine.Execution;
using Sorcha.Blueprint.Service.Instances;

namespace Sorcha.Blueprint.Service.Blueprints;

public static class BlueprintSetup
{
    /// <summary>Stores, the engine with its compiled-action cache (one per process), and the action pipeline.</summary>
    public static void AddBlueprintServices(this WebApplicationBuilder builder)
    {
        builder.AcceptServerOwnedMembers();
        builder.Services.AddSingleton(TimeProvider.System);
        builder.Services.AddSingleton<BlueprintStore>();
        builder.Services.AddSingleton<InstanceStore>();
        builder.Services.AddSingleton<CompiledActionCache>();
        builder.Services.AddSingleton(sp => new BlueprintEngine(sp.GetRequiredService<CompiledActionCache>()));
        builder.Services.AddTransient<ActionSubmission>();
    }
}
