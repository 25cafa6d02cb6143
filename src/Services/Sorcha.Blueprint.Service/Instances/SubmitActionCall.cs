using Sorcha.Contracts.Instances;

namespace Sorcha.Blueprint.Service.Instances;

/// <summary>What <c>POST /api/instances/{instanceId}/actions/{actionId}</c> binds.</summary>
public readonly record struct SubmitActionCall(string InstanceId, string ActionId, SubmitActionRequest Request, HttpContext Context);
