using Sorcha.Blueprint.Engine;
using Sorcha.Blueprint.Engine.Execution;
using Sorcha.Blueprint.Service.Instances;
using Sorcha.Blueprint.Service.Templates;
using Microsoft.Extensions.Options;
using Sorcha.ApiPlatform.Limits;

namespace Sorcha.Blueprint.Service.Blueprints;

public static class BlueprintSetup
{
    /// <summary>The engine's work budgets (docs/limits.md, "Work budgets"), beside the other limits every process reads.</summary>
    public const string EngineLimitsSection = LimitsOptions.Section + ":Engine";

    /// <summary>Stores, the engine with its compiled-action cache (one per process) and budgets, and the action pipeline.</summary>
    public static void AddBlueprintServices(this WebApplicationBuilder builder)
    {
        builder.Services.AddOptions<EngineLimits>()
            .Bind(builder.Configuration.GetSection(EngineLimitsSection))
            .Validate(l => l.TimeMilliseconds > 0 && l.Steps > 0 && l.Output > 0,
                $"{EngineLimitsSection}:TimeMilliseconds, Steps and Output must each be more than 0.")
            .ValidateOnStart();
        builder.AcceptServerOwnedMembers();
        builder.Services.AddSingleton(TimeProvider.System);
        builder.Services.AddSingleton<BlueprintStore>();
        builder.Services.AddSingleton<TemplateStore>();
        builder.Services.AddSingleton<InstanceStore>();
        builder.Services.AddSingleton<WorkIndex>();
        builder.Services.AddSingleton<WorkEvents>();
        builder.Services.AddSingleton<CallerWallets>();
        builder.Services.AddSingleton<CompiledActionCache>();
        builder.Services.AddSingleton(sp => new BlueprintEngine(sp.GetRequiredService<CompiledActionCache>(),
            sp.GetRequiredService<IOptions<EngineLimits>>().Value));
        builder.Services.AddSingleton<ActionFlowServices>();
        builder.Services.AddTransient<ActionFlow>();
        builder.Services.AddSingleton<ActionOutcomes>();
        builder.Services.AddSingleton<TransactionCommits>();
        builder.Services.AddSingleton<StepSigning>();
        builder.Services.AddSingleton<SenderOwnership>();
        builder.Services.AddSingleton<Attachments.AttachmentQuota>();
    }
}
